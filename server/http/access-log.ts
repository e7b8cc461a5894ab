import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line a request, written when it ends, with the request's method and
 * (redacted) URL beside its status and duration. Fastify writes two by default, "incoming
 * request" and "request completed": under load that was two synchronous writes and two pino
 * serializations a request, about 8 % of the server's CPU on `GET /api/v1/products/{id}`
 * (issue #18, target 3), and the second line could not be read without the first.
 * The "incoming" line stays at debug level (`LOG_LEVEL=debug`): it is what shows a request
 * whose client left before the answer, which writes no "completed" line.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
