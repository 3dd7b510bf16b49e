import { describe, expect, it } from 'vitest';
import { overridesFromQuery } from './url-overrides.ts';

describe('the development entry reads its test switches from the URL, and nothing else does', () => {
  it('?attractAfterMs and ?inactivityAfterMs replace the venue idle times only when they are whole numbers', () => {
    expect(overridesFromQuery('').attractOverrideMs).toBeNull();
    expect(overridesFromQuery('?attractAfterMs=1500').attractOverrideMs).toBe(1500);
    expect(overridesFromQuery('?attractAfterMs=20').attractOverrideMs).toBe(500);
    expect(overridesFromQuery('?attractAfterMs=abc').attractOverrideMs).toBeNull();
    expect(overridesFromQuery('?attractAfterMs=-5').attractOverrideMs).toBeNull();
    expect(overridesFromQuery('?inactivityAfterMs=2500').inactivityOverrideMs).toBe(2500);
    expect(overridesFromQuery('?attractAfterMs=2500').inactivityOverrideMs).toBeNull();
  });
  it('?service=1 opens the service panel at start; any other value leaves it closed', () => {
    expect(overridesFromQuery('?service=1').servicePanelOpen).toBe(true);
    expect(overridesFromQuery('?service=yes').servicePanelOpen).toBe(false);
    expect(overridesFromQuery('').servicePanelOpen).toBe(false);
  });
});
