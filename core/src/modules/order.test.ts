import { describe, expect, it } from 'vitest';
import { ModuleOrderError, orderModules } from './order.js';

const mod = (name: string, dependsOn: string[] = []) => ({ name, dependsOn });

describe('orderModules', () => {
  it('puts every module after what it depends on, whatever the order it was found in', () => {
    const ordered = orderModules([mod('planning', ['people', 'training-centre']), mod('people', ['training-centre']), mod('training-centre')]);
    expect(ordered.map((m) => m.name)).toEqual(['training-centre', 'people', 'planning']);
  });

  it('gives the same order for any input order', () => {
    const a = orderModules([mod('b'), mod('a'), mod('c', ['a'])]).map((m) => m.name);
    const b = orderModules([mod('c', ['a']), mod('b'), mod('a')]).map((m) => m.name);
    expect(a).toEqual(b);
  });

  it('fails on a missing dependency, naming both modules', () => {
    expect(() => orderModules([mod('planning', ['people'])])).toThrow(new ModuleOrderError('Missing module dependency: "planning" depends on "people", which is not installed'));
  });

  it('fails on a cycle, naming the modules of the cycle in order', () => {
    expect(() => orderModules([mod('a', ['b']), mod('b', ['c']), mod('c', ['a'])])).toThrow('Module dependency cycle: a -> b -> c -> a');
  });

  it('fails when a module is loaded twice', () => {
    expect(() => orderModules([mod('a'), mod('a')])).toThrow('Module "a" is loaded twice');
  });
});
