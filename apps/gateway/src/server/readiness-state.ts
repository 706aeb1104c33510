/** Whether this process should receive traffic: set by the HTTP server's lifecycle. */
export class ReadinessState {
  private listening = false;
  private draining = false;

  markListening(): void {
    this.listening = true;
  }

  markDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  status(): 'starting' | 'ready' | 'shutting-down' {
    if (this.draining) return 'shutting-down';
    return this.listening ? 'ready' : 'starting';
  }
}
