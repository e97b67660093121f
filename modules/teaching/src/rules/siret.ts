// The SIRET check is the core's, shared with the training centre's organisation identity.
export { isValidSiret } from '@alterna/core/matching';
