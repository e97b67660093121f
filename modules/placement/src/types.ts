// Shapes the module hands out (type-only: the web client imports them without server code).
export type {
  Day, Demand, Explanation, FixedLesson, Group, Instance, PlacedLesson, Proposal, Room, Slot, SoftWeights, Teacher, Violation,
} from './services/solver/types.js';
