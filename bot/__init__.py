"""The runtime: settings, store, table service, scheduler, i18n and the Discord client."""
