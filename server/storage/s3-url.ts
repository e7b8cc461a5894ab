// STORAGE_URL's bucket form, parsed without loading the AWS SDK (config.ts reads it at every start).
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending with '/'). */
  prefix: string;
  /** Another service than AWS S3 (http://127.0.0.1:9000 for MinIO); absent means AWS. */
  endpoint: string | undefined;
  /** `bucket` in the path rather than the host name: what MinIO, Ceph and s3rver expect. */
  forcePathStyle: boolean;
  region: string;
}

/**
 * `s3://BUCKET[/PREFIX]?endpoint=URL&forcePathStyle=true&region=REGION`. Returns a list of
 * problems instead when the URL cannot be used (config.ts reports them).
 */
export function parseS3Url(raw: string, defaultRegion = 'us-east-1'): S3Location | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be s3://BUCKET[/PREFIX]?endpoint=URL&forcePathStyle=true&region=REGION';
  }
  if (url.protocol !== 's3:') return 'must start with s3://';
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return `bucket name "${bucket}" is not a valid S3 bucket name`;
  if (url.username || url.password) return 'must not carry credentials: use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-z0-9][a-z0-9/_.-]*$/i.test(prefix)) return `prefix "${prefix}" may hold only letters, digits and / _ . -`;
  const known = new Set(['endpoint', 'forcePathStyle', 'region']);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length) return `unknown parameter ${unknown.join(', ')} (known: endpoint, forcePathStyle, region)`;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) return `endpoint "${endpoint}" must be http(s)://HOST[:PORT]`;
  const style = url.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') return 'forcePathStyle must be true or false';
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    forcePathStyle: style === 'true',
    region: url.searchParams.get('region') ?? defaultRegion,
  };
}
