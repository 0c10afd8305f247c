import { describe, expect, it } from 'vitest';
import { problem, statusTitle } from './problem.ts';

describe('problem titles (RFC 9457 §3.1.3: the reason phrase of the status)', () => {
  // Every status the gateway answers with a problem document (routes, resolvers, store errors, Hono's
  // HTTPException), and the preconditions a conditional request can fail with.
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [406, 'Not Acceptable'],
    [409, 'Conflict'],
    [410, 'Gone'],
    [411, 'Length Required'],
    [412, 'Precondition Failed'],
    [413, 'Content Too Large'],
    [414, 'URI Too Long'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Content'],
    [428, 'Precondition Required'],
    [429, 'Too Many Requests'],
    [431, 'Request Header Fields Too Large'],
    [500, 'Internal Server Error'],
    [501, 'Not Implemented'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
  ])('%i is %s', (status, title) => {
    expect(statusTitle(status)).toBe(title);
    expect(problem(status, 'x', 'y').title).toBe(title);
  });

  it('gives every 4xx and 5xx a title other than the bare "Error"', () => {
    for (let status = 400; status < 600; status++) expect(statusTitle(status)).not.toBe('Error');
    expect(statusTitle(499)).toBe('Client Error');
    expect(statusTitle(599)).toBe('Server Error');
  });
});
