import { describe, expect, it } from 'vitest';
import { TypedEmitter } from './typed-emitter.ts';

describe('the device layer event emitter', () => {
  it('delivers to every listener of the event, in order, and unsubscribes', () => {
    const emitter = new TypedEmitter<{ a: number; b: string }>();
    const got: string[] = [];
    const off = emitter.on('a', (n) => got.push(`first ${n}`));
    emitter.on('a', (n) => got.push(`second ${n}`));
    emitter.on('b', (s) => got.push(`b ${s}`));
    emitter.emit('a', 1);
    off();
    emitter.emit('a', 2);
    emitter.emit('b', 'x');
    expect(got).toEqual(['first 1', 'second 1', 'second 2', 'b x']);
  });

  it('a listener that throws reaches neither the emitter nor the listeners after it', () => {
    const emitter = new TypedEmitter<{ status: string }>();
    const got: string[] = [];
    emitter.on('status', () => {
      throw new Error('listener bug');
    });
    emitter.on('status', (s) => got.push(s));
    expect(() => emitter.emit('status', 'healthy')).not.toThrow();
    expect(got).toEqual(['healthy']);
  });

  it('a listener that unsubscribes while the event is delivered does not skip the others', () => {
    const emitter = new TypedEmitter<{ tick: number }>();
    const got: number[] = [];
    const off = emitter.on('tick', () => off());
    emitter.on('tick', (n) => got.push(n));
    emitter.emit('tick', 1);
    emitter.emit('tick', 2);
    expect(got).toEqual([1, 2]);
  });
});
