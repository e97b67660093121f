// Shared Yup schemas (server routes and web forms): import yup from '@alterna/core/validation/index'.
export {};
