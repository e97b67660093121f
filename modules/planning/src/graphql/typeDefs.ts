import { groupsGraphql } from './groups.js';
import { lessonsGraphql } from './lessons.js';
import { resourcesGraphql } from './resources.js';

/** The small types every part's answers share (SPEC §3 shapes, `uuid` first). */
const sharedTypeDefs = /* GraphQL */ `
  type PlanningCampus { uuid: ID! name: String! }
  type PlanningSubject { uuid: ID! name: String! shortName: String! color: String }
  type PlanningGroupRef { uuid: ID! name: String! }
  type PlanningPerson { uuid: ID! firstName: String! lastName: String! }
  type PlanningBuilding { uuid: ID! name: String! }
  type PlanningRoom { uuid: ID! name: String! size: Int! building: PlanningBuilding! }
  type PlanningTeacherContract { uuid: ID! }
`;

/** The planning schema: the shared types, then each part's (lessons, groups, resources) types, queries and mutations. */
export const typeDefs = [sharedTypeDefs, lessonsGraphql.typeDefs, groupsGraphql.typeDefs, resourcesGraphql.typeDefs].join('\n');
