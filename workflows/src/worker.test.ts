import { describe, expect, it } from 'vitest';
import { deploymentName, deploymentOptions } from './worker.js';

// README "Workflow versioning": the product worker's deployment version.
describe("the worker's deployment version", () => {
  it('takes its build id from BUILD_ID, else from the application version', () => {
    expect(deploymentOptions('1.4.0', { BUILD_ID: ' 2027-01-12.3f9c2ab ' })).toEqual({ version: { deploymentName, buildId: '2027-01-12.3f9c2ab' }, useWorkerVersioning: false });
    expect(deploymentOptions('1.4.0', {})).toEqual({ version: { deploymentName: 'alterna', buildId: 'alterna@1.4.0' }, useWorkerVersioning: false });
    expect(deploymentOptions('1.4.0', { BUILD_ID: '' }).version.buildId).toBe('alterna@1.4.0');
  });

  it('takes part in Worker Versioning with WORKER_VERSIONING=true, workflows moving to a new version at their next task', () => {
    expect(deploymentOptions('1.4.0', { BUILD_ID: 'b2', WORKER_VERSIONING: 'true' })).toEqual({
      version: { deploymentName: 'alterna', buildId: 'b2' }, useWorkerVersioning: true, defaultVersioningBehavior: 'AUTO_UPGRADE',
    });
    expect(deploymentOptions('1.4.0', { WORKER_VERSIONING: 'false' }).useWorkerVersioning).toBe(false);
  });
});
