// The light entry (no server code): the web's login form imports this schema too.
import { yup } from '@alterna/core/validation';

/** Shared by the server route and the web login form. */
export const loginSchema = yup.object({
  email: yup.string().trim().required().email().max(254),
  password: yup.string().required().max(4096),
});

export const languageSchema = yup.object({
  language: yup.string().required().oneOf(['fr', 'en']),
});
