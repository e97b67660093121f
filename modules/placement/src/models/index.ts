// objection models of the placement module's tables: none yet (the proposal's tables come with the placement workflow).
export {};
