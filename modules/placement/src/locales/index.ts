// The module's messages, one catalogue per language: the server's, and the web client's wherever it shows the same text.
import fr from './fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

export { fr, en };
