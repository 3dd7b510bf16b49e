/**
 * A staff view's state lives only as long as the staff session: when the session closes (signed out, key off,
 * timed out) every view forgets what main showed it, so the next person at the key sees nothing of it.
 */
import { shallowRef, watch, type ShallowRef } from 'vue';
import { useStaffStore } from '../useStaffStore.ts';

export function sessionRef<T>(initial: T): ShallowRef<T> {
  const value = shallowRef<T>(initial);
  const session = useStaffStore();
  watch(
    () => session.role,
    (role) => {
      if (role === null) value.value = initial;
    },
    { flush: 'sync' },
  );
  return value;
}
