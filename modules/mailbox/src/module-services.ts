import type { MailboxServices } from './services/index.js';

// What other modules reach with core.module('mailbox'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    mailbox: MailboxServices;
  }
}
