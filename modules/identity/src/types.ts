// Shapes the identity module hands out, for other modules and the web client (`import type`; nothing runs).
export type { SubjectCampusResolver, AccessService } from './services/access.js';
export type { AuthService } from './services/auth.js';
export type { IdentityServices } from './services/index.js';
export type { ProfileChanges } from './services/profile.js';
