/** SPEC §3 Student / StudentRegistration (uuid as the id, both given) and the SPEC §7 person lookup. */
export const typeDefs = /* GraphQL */ `
  type StudentRef { id: ID! uuid: ID! name: String! }
  type StudentCorporation { id: ID! uuid: ID! name: String! shortName: String siret: String }
  type StudentContract { id: ID! uuid: ID! corporation: StudentCorporation! startDate: String! endDate: String! }
  type StudentRegistrationTraining { id: ID! uuid: ID! name: String! shortName: String! }
  type StudentRegistrationSession { id: ID! uuid: ID! name: String! startDate: String! endDate: String! }
  type StudentRegistrationGroup {
    id: ID! uuid: ID! name: String! shortName: String! campus: StudentRef!
    training: StudentRegistrationTraining! trainingSession: StudentRegistrationSession!
  }
  type StudentRegistration {
    id: ID! uuid: ID! studentStatus: String! trainingGroup: StudentRegistrationGroup! contract: StudentContract
  }
  type StudentLegalGuardian {
    guardianLastName: String guardianFirstName: String guardianEmail: String guardianPhone: String guardianStreetAddress: String
    guardianAddressSupplement: String guardianPostalCode: String guardianAddressLocality: String guardianAddressCountry: String
  }
  type StudentLastSituation { situation: String! establishment: String diploma: String }
  type Student {
    id: ID! uuid: ID! firstName: String! lastName: String! email: String! archived: Boolean! dateOfBirth: String!
    birthCountry: String birthplace: String birthCityCode: String isMinor: Boolean! legalGuardian: StudentLegalGuardian
    campuses: [StudentRef!]! registrations: [StudentRegistration!]! lastRegistration: StudentRegistration lastSituation: StudentLastSituation
  }
  type StudentListRow {
    id: ID! uuid: ID! firstName: String! lastName: String! dateOfBirth: String! birthCountry: String birthplace: String
    isMinor: Boolean! campuses: [StudentRef!]! registration: StudentRegistration
  }
  type StudentMatch { id: ID! uuid: ID! firstName: String! lastName: String! dateOfBirth: String! lastRegistration: StudentRegistration }
  type BirthCity { id: String! city: String! postcode: String! citycode: String! label: String! }

  extend type Query {
    students(campusId: ID, trainingIds: [ID!], trainingGroupIds: [ID!], trainingSessionId: ID): [StudentListRow!]!
    student(studentId: ID!): Student!
    getStudentByFirstNameAndLastNameAndDateOfBirth(firstName: String!, lastName: String!, dateOfBirth: String!, id: ID, strict: Boolean): [StudentMatch!]!
    birthCities(countryCode: String!, search: String!): [BirthCity!]!
  }
`;
