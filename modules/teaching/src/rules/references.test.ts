import { describe, expect, it } from 'vitest';
import { canMoveContract, contractStatuses, isContractDeletable, isContractEditable, needsActivityDeclarationNumber } from './references.js';

describe('teacher contract statuses', () => {
  it('moves a contract along its arrows only', () => {
    expect(canMoveContract('draft', 'sent')).toBe(true);
    expect(canMoveContract('sent', 'signed')).toBe(true);
    expect(canMoveContract('draft', 'signed')).toBe(false);
    expect(canMoveContract('signed', 'draft')).toBe(false);
    expect(canMoveContract('signed', 'cancelled')).toBe(true);
    expect(canMoveContract('cancelled', 'draft')).toBe(true);
    for (const status of contractStatuses) expect(canMoveContract(status, status)).toBe(false);
  });

  it('edits draft and sent contracts only, and keeps signed ones', () => {
    expect(contractStatuses.filter(isContractEditable)).toEqual(['draft', 'sent']);
    expect(contractStatuses.filter(isContractDeletable)).toEqual(['draft', 'sent', 'cancelled']);
  });

  it('needs the activity declaration number once the declaration is obtained', () => {
    expect(needsActivityDeclarationNumber('declared')).toBe(true);
    expect(needsActivityDeclarationNumber('pending')).toBe(false);
    expect(needsActivityDeclarationNumber(null)).toBe(false);
  });
});
