import { NotFoundError, ValidationError, validate, type Actor, type Translate } from '@alterna/core';
import { contractDatesSchema, contractSchema } from '../validation/index.js';
import { isWorkStudy } from '../rules/statuses.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { PeopleAdapter } from './people.js';
import type { RegistrationsService } from './registrations.js';
import type { StudentRegistration } from './types.js';
import { StudentContractModel } from '../models/index.js';

export interface ContractsService {
  /** A work-study contract for one of the student's registrations (one per registration). */
  create(actor: Actor | null, studentId: string, input: unknown, t: Translate): Promise<StudentRegistration>;
  /** /students/{id}/contract/{studentContract}/edit: corporation and dates. */
  update(actor: Actor | null, studentId: string, contractId: string, input: unknown, t: Translate): Promise<StudentRegistration>;
  /** /students/{id}/contract/update-date: the dates only. */
  updateDates(actor: Actor | null, studentId: string, input: unknown, t: Translate): Promise<StudentRegistration>;
  /** The registration holding the contract, checked against the student and the actor's campuses. */
  get(actor: Actor | null, studentId: string, contractId: string): Promise<StudentRegistration>;
}

export function contractsService(ctx: ServiceContext, deps: { people: PeopleAdapter; registrations: RegistrationsService }): ContractsService {
  const { knex } = ctx.core;

  /** The registration, changeable by the actor, of a work-study status. */
  const changeableRegistration = async (actor: Actor | null, studentId: string, registrationId: string, t: Translate) => {
    const registration = await deps.registrations.get(actor, studentId, registrationId);
    ctx.core.permissions.assert(actor, perm.studentUpdate, registration.trainingGroup.campus.id);
    if (!isWorkStudy(registration.studentStatus)) throw new ValidationError([{ path: 'studentRegistration', message: t('students.contract.notWorkStudy') }]);
    return registration;
  };

  const assertCorporation = async (corporationId: string, t: Translate) => {
    if (!(await deps.people.corporationsByIds([corporationId])).has(corporationId)) {
      throw new ValidationError([{ path: 'corporationId', message: t('students.validation.corporationRequired') }]);
    }
  };

  const registrationOfContract = async (contractId: string) => {
    const row = await StudentContractModel.query(knex).findById(contractId).select('registration_id');
    if (!row) throw new NotFoundError('student contract');
    return row.registration_id;
  };

  const service: ContractsService = {
    async get(actor, studentId, contractId) {
      return deps.registrations.get(actor, studentId, await registrationOfContract(contractId));
    },
    async create(actor, studentId, input, t) {
      ctx.campusesFor(actor, perm.studentUpdate);
      const value = await validate(contractSchema, input, t);
      const registration = await changeableRegistration(actor, studentId, value.studentRegistration, t);
      if (registration.contract) throw new ValidationError([{ path: 'studentRegistration', message: t('students.contract.exists') }]);
      await assertCorporation(value.corporationId, t);
      await knex('student_contracts').insert({ registration_id: registration.id, corporation_id: value.corporationId, start_date: value.startDate, end_date: value.endDate });
      return deps.registrations.get(actor, studentId, registration.id);
    },
    async update(actor, studentId, contractId, input, t) {
      const registrationId = await registrationOfContract(contractId);
      const value = await validate(contractSchema, { ...(input as object), studentRegistration: registrationId }, t);
      await changeableRegistration(actor, studentId, registrationId, t);
      await assertCorporation(value.corporationId, t);
      await knex('student_contracts')
        .where({ id: contractId })
        .update({ corporation_id: value.corporationId, start_date: value.startDate, end_date: value.endDate, updated_at: knex.fn.now() });
      return deps.registrations.get(actor, studentId, registrationId);
    },
    async updateDates(actor, studentId, input, t) {
      ctx.campusesFor(actor, perm.studentUpdate);
      const value = await validate(contractDatesSchema, input, t);
      const registrationId = await registrationOfContract(value.studentContract);
      await changeableRegistration(actor, studentId, registrationId, t);
      await knex('student_contracts')
        .where({ id: value.studentContract })
        .update({ start_date: value.startDate, end_date: value.endDate, updated_at: knex.fn.now() });
      return deps.registrations.get(actor, studentId, registrationId);
    },
  };
  return service;
}
