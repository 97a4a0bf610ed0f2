// Stands for the Discord client around an Activity, for the browser tests: it
// frames the real page (same origin, which the SDK accepts) and answers the real
// SDK's handshake and commands the way Discord's RPC does (opcode 0 handshake ->
// READY dispatch; opcode 1 frames -> a reply with the command's nonce). Who the
// member is comes from the query: ?code=...&token=...&user=...&instance=...&channel=...
const query = new URLSearchParams(location.search);
const HANDSHAKE = 0;
const FRAME = 1;
const frame = document.createElement("iframe");
const params = new URLSearchParams({
  frame_id: "frame-1",
  instance_id: query.get("instance"),
  platform: query.get("platform") || "desktop",
  guild_id: query.get("guild") || "1",
  channel_id: query.get("channel"),
});
frame.src = `/?${params}`;
frame.title = "activity";
document.body.append(frame);
window.commands = []; // what the page asked Discord for, in order (the tests read it)
// The codes each AUTHORIZE hands out, in turn (?code=a,b: a sign-in, then one more); the last repeats.
const codes = query.get("code").split(",");

function reply(message) {
  frame.contentWindow.postMessage(message, location.origin);
}

function answer(command) {
  switch (command.cmd) {
    case "AUTHORIZE":
      return { code: codes.length > 1 ? codes.shift() : codes[0] };
    case "AUTHENTICATE":
      return {
        access_token: command.args.access_token,
        user: { id: query.get("user"), username: query.get("name") || "member", discriminator: "0", public_flags: 0 },
        scopes: ["identify"],
        expires: new Date(Date.now() + 7 * 86400e3).toISOString(),
        application: { id: query.get("client") || "4242", name: "Game Master", description: "" },
      };
    default:
      return null;
  }
}

window.addEventListener("message", (event) => {
  if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
  const [opcode, payload] = event.data;
  if (opcode === HANDSHAKE) {
    reply([
      FRAME,
      {
        cmd: "DISPATCH",
        evt: "READY",
        nonce: null,
        data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" } },
      },
    ]);
  } else if (opcode === FRAME) {
    window.commands.push(payload.cmd);
    reply([FRAME, { cmd: payload.cmd, evt: null, nonce: payload.nonce, data: answer(payload) }]);
  }
});
