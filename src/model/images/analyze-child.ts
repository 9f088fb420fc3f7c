// The process analyze-within.ts runs: one image at a time from its parent, analysed (analyze-image.ts) and answered.
// It ends with its parent (the channel closes), or when the parent kills it at an image's deadline.
import { analyzeImage } from './analyze-image.ts';

process.on('message', async (m: { bytes: Uint8Array; timeoutS: number }) => {
  const answer = await analyzeImage(m.bytes, { timeoutS: m.timeoutS }).then(
    (facts) => ({ ok: true, facts }),
    (err: Error) => ({ ok: false, error: err.message }),
  );
  process.send?.(answer);
});
process.on('disconnect', () => process.exit(0));
