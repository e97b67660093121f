// One catalogue per language, each in its own file so the web's language chunk takes only its own.
export { fr } from './fr.js';
export { en } from './en.js';
