// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../api/client.ts';
import { useLoad } from './use-load.ts';

/** One call of the load, answered when the test says. */
interface Call {
  key: string;
  signal: AbortSignal;
  answer: (result: ApiResult<string>) => void;
}

function loader() {
  const calls: Call[] = [];
  const load = (key: string) =>
    vi.fn(
      (signal: AbortSignal) =>
        new Promise<ApiResult<string>>((resolve, reject) => {
          calls.push({ key, signal, answer: resolve });
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
  return { calls, load };
}

const ok = (data: string): ApiResult<string> => ({ ok: true, status: 200, statusText: 'OK', data });
const NETWORK: ApiResult<string> = { ok: false, failure: { kind: 'network', error: 'offline' } };

describe('useLoad: a load inside a component', () => {
  it('asks nothing without a key, then loads once a key is set', async () => {
    const { calls, load } = loader();
    const { result, rerender } = renderHook(({ key }) => useLoad(key, load(String(key))), {
      initialProps: { key: null as string | null },
    });
    expect(result.current.state).toBe('idle');
    expect(calls).toHaveLength(0);

    rerender({ key: 'a' });
    expect(result.current.state).toBe('loading');
    expect(calls.map((call) => call.key)).toEqual(['a']);
    await act(async () => calls[0]!.answer(ok('menu')));
    expect(result.current).toMatchObject({ state: 'ready', data: 'menu', reloading: false });
  });

  it('says a failure, with what failed', async () => {
    const { calls, load } = loader();
    const { result } = renderHook(() => useLoad('a', load('a')));
    await act(async () => calls[0]!.answer(NETWORK));
    expect(result.current).toMatchObject({
      state: 'failed',
      data: null,
      failure: { kind: 'network' },
    });
  });

  it('reloads on demand, keeping the last answer until the new one', async () => {
    const { calls, load } = loader();
    const onAnswer = vi.fn();
    const { result } = renderHook(() => useLoad('a', load('a'), { onAnswer }));
    await act(async () => calls[0]!.answer(NETWORK));
    expect(result.current.state).toBe('failed');

    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current).toMatchObject({ state: 'failed', reloading: true });
    await act(async () => calls[1]!.answer(ok('again')));
    expect(result.current).toMatchObject({ state: 'ready', data: 'again', reloading: false });
    expect(onAnswer.mock.calls).toEqual([[NETWORK], [ok('again')]]);
  });

  it("a new key loads again; the old key's call is aborted and its answer dropped", async () => {
    const { calls, load } = loader();
    const { result, rerender } = renderHook(({ key }) => useLoad(key, load(key)), {
      initialProps: { key: '2026-06-10' },
    });
    await act(async () => calls[0]!.answer(ok('June 10')));
    rerender({ key: '2026-06-11' });
    expect(result.current.state).toBe('loading');
    rerender({ key: '2026-06-12' });
    expect(calls.map((call) => [call.key, call.signal.aborted])).toEqual([
      ['2026-06-10', true],
      ['2026-06-11', true],
      ['2026-06-12', false],
    ]);
    await act(async () => calls[1]!.answer(ok('June 11')));
    expect(result.current.state).toBe('loading');
    await act(async () => calls[2]!.answer(ok('June 12')));
    expect(result.current).toMatchObject({ state: 'ready', data: 'June 12' });
  });

  it('a component gone away aborts its call', () => {
    const { calls, load } = loader();
    const { unmount } = renderHook(() => useLoad('a', load('a')));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
