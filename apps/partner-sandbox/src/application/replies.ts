/** A refusal with the HTTP status it is answered with and the body's {error:{code,message}}. */
export interface HttpProblem {
  status: number;
  code: string;
  message: string;
}

/** How the transport answers a delivery that passed the checks. */
export type SandboxReply =
  | { kind: 'answer'; status: number; body: string; repeat: boolean }
  | { kind: 'hold' }
  | { kind: 'refused'; problem: HttpProblem };
