// Planning's long processes (mass create/edit/move/cancel/delete and undo). Placeholder: replaced by the bulk helper.
export {};
