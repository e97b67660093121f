import { Model, type RelationMappings } from '@alterna/core';

// objection models of the students module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `students` (20261210000100_students). */
export class StudentModel extends Model {
  static override tableName = 'students';
  static override idColumn = 'actor_id';
  declare actor_id: string;
  declare date_of_birth: string;
  declare birth_country: string | null;
  declare birth_city_code: string | null;
  declare birthplace: string | null;
  declare guardian_last_name: string | null;
  declare guardian_first_name: string | null;
  declare guardian_email: string | null;
  declare guardian_phone: string | null;
  declare guardian_street_address: string | null;
  declare guardian_address_supplement: string | null;
  declare guardian_postal_code: string | null;
  declare guardian_address_locality: string | null;
  declare guardian_address_country: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `student_registrations` (20261210000200_registrations). */
export class StudentRegistrationModel extends Model {
  static override tableName = 'student_registrations';
  declare id: string;
  declare student_id: string;
  declare training_group_id: string;
  declare student_status: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    studentContracts: { relation: Model.HasManyRelation, modelClass: StudentContractModel, join: { from: 'student_registrations.id', to: 'student_contracts.registration_id' } },
  });
}

/** `student_contracts` (20261210000200_registrations). */
export class StudentContractModel extends Model {
  static override tableName = 'student_contracts';
  declare id: string;
  declare registration_id: string;
  declare corporation_id: string;
  declare start_date: string;
  declare end_date: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    registration: { relation: Model.BelongsToOneRelation, modelClass: StudentRegistrationModel, join: { from: 'student_contracts.registration_id', to: 'student_registrations.id' } },
  });
}

/** `student_last_situations` (20261210000200_registrations). */
export class StudentLastSituationModel extends Model {
  static override tableName = 'student_last_situations';
  static override idColumn = 'student_id';
  declare student_id: string;
  declare situation: string;
  declare establishment: string | null;
  declare diploma: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
