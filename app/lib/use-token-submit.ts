import { useEffect, useRef } from 'react';
import { useFetcher, useSearchParams } from 'react-router';

/**
 * The pages an e-mailed link opens (verify the address, renew a listing): the link's token is
 * posted once after hydration, so a mail scanner that only fetches the link changes nothing.
 * `state` is what the page's data-state attribute reports to the tests.
 */
export function useTokenSubmit<Result extends { ok: boolean }>() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fetcher = useFetcher<Result>();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void fetcher.submit({ token }, { method: 'post' });
  }, [token, fetcher]);
  const result = fetcher.data;
  const pending = fetcher.state !== 'idle';
  const state = !token ? 'missing' : pending ? 'pending' : result ? (result.ok ? 'success' : 'error') : 'idle';
  return { token, fetcher, result, pending, state };
}
