// Shared Yup schemas (server and web forms); messages are i18n keys, translated on each side.
import { yup } from '@alterna/core/validation';

/** The profile a person asks to have: the form sends all three, the server keeps what differs. */
export const profileChangeSchema = yup.object({
  firstName: yup.string().trim().required().max(100),
  lastName: yup.string().trim().required().max(100),
  email: yup.string().trim().required().email().max(254),
});

/** The fields a request may change, in display order. */
export const profileFields = ['firstName', 'lastName', 'email'] as const;
export type ProfileField = (typeof profileFields)[number];
export type Profile = Record<ProfileField, string>;
