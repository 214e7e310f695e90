// Progress of one flash, for the bar, the "time left" and the faults a test arms at a percent.

export type FlashStage = 'connecting' | 'checking' | 'writing' | 'verifying' | 'restarting' | 'recovering' | 'done';

/** Why a flash is recovering: the learner may be asked to plug the board back in. */
type RecoveryReason = 'unplugged' | 'no-answer' | 'busy';

export interface FlashProgress {
  stage: FlashStage;
  /** 0-100 over the whole flash. */
  percent: number;
  /** Page bytes written so far and to write in all (0 until the plan is known). */
  bytesWritten: number;
  bytesTotal: number;
  /** Estimated milliseconds left, once there is enough to go on; null before. */
  msLeft: number | null;
  mode: 'full' | 'partial' | null;
  /** While recovering: why. */
  recovery?: RecoveryReason;
}

export type ProgressListener = (progress: FlashProgress) => void;

/**
 * Turns "bytes written" into a percent and a time left. The estimate is the measured write rate
 * over the bytes left, plus the checking and verifying still to come (verifying takes about as
 * long as checking did).
 */
const STAGE_FLOOR: Readonly<Record<FlashStage, number>> = {
  connecting: 0,
  checking: 2,
  writing: 5,
  verifying: 92,
  restarting: 97,
  recovering: 0,
  done: 100,
};

export class ProgressTracker {
  private startedWriting = -1;
  private checkMs = 0;
  private checkStart = -1;
  private last: FlashProgress = {
    stage: 'connecting',
    percent: 0,
    bytesWritten: 0,
    bytesTotal: 0,
    msLeft: null,
    mode: null,
  };

  constructor(
    private readonly now: () => number,
    private readonly listener: ProgressListener | undefined,
  ) {}

  get current(): FlashProgress {
    return this.last;
  }

  /** A new stage. The percent never goes back, even when a recovery starts a stage again. */
  stage(stage: FlashStage, extra: Partial<FlashProgress> = {}): void {
    const now = this.now();
    if (stage === 'checking') this.checkStart = now;
    if (stage === 'writing' && this.checkStart >= 0) this.checkMs = now - this.checkStart;
    if (stage === 'writing' && this.startedWriting < 0) this.startedWriting = now;
    const { recovery: _previous, ...rest } = this.last;
    this.emit({ ...rest, ...extra, stage, percent: Math.max(this.last.percent, STAGE_FLOOR[stage]) });
  }

  /** The plan of this attempt: how many bytes it writes, and whether that is the whole file. */
  plan(bytesTotal: number, mode: 'full' | 'partial'): void {
    this.startedWriting = -1;
    this.emit({ ...this.last, bytesTotal, mode, bytesWritten: 0, msLeft: null });
  }

  wrote(bytesWritten: number): void {
    const now = this.now();
    if (this.startedWriting < 0) this.startedWriting = now;
    const total = this.last.bytesTotal;
    const fraction = total > 0 ? Math.min(1, bytesWritten / total) : 1;
    const elapsed = now - this.startedWriting;
    let msLeft: number | null = null;
    if (bytesWritten > 0 && elapsed > 0)
      msLeft = Math.round((total - bytesWritten) / (bytesWritten / elapsed) + this.checkMs);
    const percent = Math.max(this.last.percent, 5 + Math.floor(fraction * 87));
    this.emit({ ...this.last, stage: 'writing', bytesWritten, percent, msLeft });
  }

  private emit(progress: FlashProgress): void {
    this.last = progress;
    this.listener?.(progress);
  }
}
