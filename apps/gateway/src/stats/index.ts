// stats/: usage statistics (issue 25): resolutions counted per identifier, shoulder and UTC day in memory
// (counter.ts: the pipeline's one Map increment), written to the store in batches and at shutdown, old days
// pruned (flusher.ts). The report and the console's charts read them from the store (reports/, console/).
export { type CounterOptions, type DayCounts, dayOf, ResolutionCounter, type Tally } from './counter.ts';
export { type FlusherOptions, type FlushReport, StatsFlusher } from './flusher.ts';
export { statsMetricLines } from './metrics.ts';
export { ShoulderIndex } from './shoulders.ts';
