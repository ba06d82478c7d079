/**
 * What Node answers when it cannot even parse a request (a broken request line or header): a
 * problem, with the security headers and no-store, like every other answer. There is no request
 * to log against and no Fastify reply, so the answer is written straight to the socket.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE } from '@billow/contracts';
import { problemBody, problemTypeForStatus } from './problem';

function statusFor(error: NodeJS.ErrnoException): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = statusFor(error);
    const body = JSON.stringify(
      problemBody(problemTypeForStatus(status), status, 'The request could not be read.', ''),
    );
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      `content-type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
