// The linter over the Activity's page (scripts/check-page runs it from the repository's
// root, the base of these paths): ESLint's recommended rules and a few that catch slips
// in plain JavaScript, none of layout (no formatter runs on the page).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // The shell, each game's page (the toy sixth game's among the tests); the SDK is npm's.
    files: ["cogs/activity/static/app/**/*.mjs", "cogs/*/page/**/*.mjs", "tests/**/page/**/*.mjs"],
    ignores: ["cogs/activity/static/sdk/**"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-coercion": ["error", { allow: ["!!"] }],
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "all" }],
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
      "no-console": "error",
      "no-alert": "error",
      "no-eval": "error",
      "no-new-func": "error",
      "no-param-reassign": "off",
      "no-return-assign": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-useless-concat": "error",
      "no-useless-return": "error",
      "object-shorthand": ["error", "properties"],
      "prefer-template": "off",
      radix: "error",
      "require-atomic-updates": "off",
    },
  },
];
