import { Model, type RelationMappings } from '@alterna/core';

// objection models of the teaching module's tables: one class per table, relations only between this module's tables.
// A service queries them with the knex or transaction object it was handed (`RoomModel.query(trx)`), never a
// global connection: PGlite has one, and a request's transaction must see its own writes.

/** `teacher_informations` (20261205000100_teachers). */
export class TeacherInformationModel extends Model {
  static override tableName = 'teacher_informations';
  static override idColumn = 'actor_id';
  declare actor_id: string;
  declare specialities: string | null;
  declare diploma: string | null;
  declare professional_experience: string | null;
  declare comment: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `teacher_statuses` (20261205000100_teachers). */
export class TeacherStatusModel extends Model {
  static override tableName = 'teacher_statuses';
  declare id: string;
  declare reference: string;
  declare requires_company: boolean;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    teacherContracts: { relation: Model.HasManyRelation, modelClass: TeacherContractModel, join: { from: 'teacher_statuses.id', to: 'teacher_contracts.teacher_status_id' } },
  });
}

/** `related_activities` (20261205000100_teachers). */
export class RelatedActivityModel extends Model {
  static override tableName = 'related_activities';
  declare id: string;
  declare reference: string;
  declare audience: string;
  declare is_hour: boolean;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    teacherContractActivityLines: { relation: Model.HasManyRelation, modelClass: TeacherContractActivityLineModel, join: { from: 'related_activities.id', to: 'teacher_contract_activity_lines.related_activity_id' } },
    coachContractActivityLines: { relation: Model.HasManyRelation, modelClass: CoachContractActivityLineModel, join: { from: 'related_activities.id', to: 'coach_contract_activity_lines.related_activity_id' } },
  });
}

/** `teacher_companies` (20261205000100_teachers). */
export class TeacherCompanyModel extends Model {
  static override tableName = 'teacher_companies';
  declare id: string;
  declare siret: string;
  declare name: string;
  declare legal_form: string;
  declare activity_declaration_number_type: string;
  declare activity_declaration_number: string | null;
  declare comment: string | null;
  declare street_address: string | null;
  declare address_supplement: string | null;
  declare postal_code: string | null;
  declare address_locality: string | null;
  declare address_country: string | null;
  declare invalidated_at: Date | null;
  declare invalidated_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    teacherCompanyTeachers: { relation: Model.HasManyRelation, modelClass: TeacherCompanyTeacherModel, join: { from: 'teacher_companies.id', to: 'teacher_company_teachers.teacher_company_id' } },
    teacherContracts: { relation: Model.HasManyRelation, modelClass: TeacherContractModel, join: { from: 'teacher_companies.id', to: 'teacher_contracts.teacher_company_id' } },
  });
}

/** `teacher_company_teachers` (20261205000100_teachers). */
export class TeacherCompanyTeacherModel extends Model {
  static override tableName = 'teacher_company_teachers';
  static override idColumn = ['teacher_company_id', 'teacher_id'];
  declare teacher_company_id: string;
  declare teacher_id: string;
  declare created_at: Date;
  static override relationMappings = (): RelationMappings => ({
    teacherCompany: { relation: Model.BelongsToOneRelation, modelClass: TeacherCompanyModel, join: { from: 'teacher_company_teachers.teacher_company_id', to: 'teacher_companies.id' } },
  });
}

/** `teacher_contracts` (20261205000100_teachers). */
export class TeacherContractModel extends Model {
  static override tableName = 'teacher_contracts';
  declare id: string;
  declare teacher_id: string;
  declare campus_id: string;
  declare training_session_id: string;
  declare status: string;
  declare start_date: string;
  declare end_date: string;
  declare teacher_status_id: string;
  declare teacher_company_id: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    teacherStatus: { relation: Model.BelongsToOneRelation, modelClass: TeacherStatusModel, join: { from: 'teacher_contracts.teacher_status_id', to: 'teacher_statuses.id' } },
    teacherCompany: { relation: Model.BelongsToOneRelation, modelClass: TeacherCompanyModel, join: { from: 'teacher_contracts.teacher_company_id', to: 'teacher_companies.id' } },
    teacherContractSubjectLines: { relation: Model.HasManyRelation, modelClass: TeacherContractSubjectLineModel, join: { from: 'teacher_contracts.id', to: 'teacher_contract_subject_lines.teacher_contract_id' } },
    teacherContractActivityLines: { relation: Model.HasManyRelation, modelClass: TeacherContractActivityLineModel, join: { from: 'teacher_contracts.id', to: 'teacher_contract_activity_lines.teacher_contract_id' } },
  });
}

/** `teacher_contract_subject_lines` (20261205000100_teachers). */
export class TeacherContractSubjectLineModel extends Model {
  static override tableName = 'teacher_contract_subject_lines';
  declare id: string;
  declare teacher_contract_id: string;
  declare school_subject_id: string;
  declare hours: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    teacherContract: { relation: Model.BelongsToOneRelation, modelClass: TeacherContractModel, join: { from: 'teacher_contract_subject_lines.teacher_contract_id', to: 'teacher_contracts.id' } },
  });
}

/** `teacher_contract_activity_lines` (20261205000100_teachers). */
export class TeacherContractActivityLineModel extends Model {
  static override tableName = 'teacher_contract_activity_lines';
  declare id: string;
  declare teacher_contract_id: string;
  declare related_activity_id: string;
  declare amount: string;
  declare price: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    teacherContract: { relation: Model.BelongsToOneRelation, modelClass: TeacherContractModel, join: { from: 'teacher_contract_activity_lines.teacher_contract_id', to: 'teacher_contracts.id' } },
    relatedActivity: { relation: Model.BelongsToOneRelation, modelClass: RelatedActivityModel, join: { from: 'teacher_contract_activity_lines.related_activity_id', to: 'related_activities.id' } },
  });
}

/** `coach_informations` (20261205000200_coaching). */
export class CoachInformationModel extends Model {
  static override tableName = 'coach_informations';
  static override idColumn = 'actor_id';
  declare actor_id: string;
  declare specialities: string | null;
  declare max_students: number | null;
  declare comment: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `coach_attributions` (20261205000200_coaching). */
export class CoachAttributionModel extends Model {
  static override tableName = 'coach_attributions';
  declare id: string;
  declare coach_id: string;
  declare student_id: string;
  declare campus_id: string;
  declare training_session_id: string;
  declare attributed_by: string | null;
  declare created_at: Date;
}

/** `coach_contracts` (20261205000200_coaching). */
export class CoachContractModel extends Model {
  static override tableName = 'coach_contracts';
  declare id: string;
  declare coach_id: string;
  declare campus_id: string;
  declare training_session_id: string;
  declare start_date: string;
  declare end_date: string;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    coachContractActivityLines: { relation: Model.HasManyRelation, modelClass: CoachContractActivityLineModel, join: { from: 'coach_contracts.id', to: 'coach_contract_activity_lines.coach_contract_id' } },
  });
}

/** `coach_contract_activity_lines` (20261205000200_coaching). */
export class CoachContractActivityLineModel extends Model {
  static override tableName = 'coach_contract_activity_lines';
  declare id: string;
  declare coach_contract_id: string;
  declare related_activity_id: string;
  declare amount: string;
  declare price: string;
  declare position: number;
  static override relationMappings = (): RelationMappings => ({
    coachContract: { relation: Model.BelongsToOneRelation, modelClass: CoachContractModel, join: { from: 'coach_contract_activity_lines.coach_contract_id', to: 'coach_contracts.id' } },
    relatedActivity: { relation: Model.BelongsToOneRelation, modelClass: RelatedActivityModel, join: { from: 'coach_contract_activity_lines.related_activity_id', to: 'related_activities.id' } },
  });
}

/** `coaching_follow_ups` (20261205000200_coaching). */
export class CoachingFollowUpModel extends Model {
  static override tableName = 'coaching_follow_ups';
  declare id: string;
  declare student_id: string;
  declare campus_id: string;
  declare kind: string;
  declare date: string;
  declare category: string | null;
  declare risks: unknown;
  declare description: string | null;
  declare actions: string | null;
  declare recorded_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
