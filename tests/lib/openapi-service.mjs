/**
 * The small service tests/build/openapi.spec.ts runs to check static/openapi/skip-http-0.0.15.yaml
 * against the real server: `node tests/lib/openapi-service.mjs <control> <streaming> [cors]`.
 * `plays` is its input collection; the resource `scores` sums points per team and its constructor
 * refuses the parameters `{"refuse": true}`; `cors` starts it with `no_cors: true`.
 */
import {Sum} from '@skipruntime/helpers';
import {runService} from '@skipruntime/server';

class PointsPerTeam {
  mapEntry(_play, plays) {
    return plays.toArray().map((play) => [play.team, play.points]);
  }
}

class Scores {
  constructor(params) {
    if (params !== null && typeof params === 'object' && 'refuse' in params) {
      throw new Error('these parameters are refused');
    }
  }

  instantiate(totals) {
    return totals.scores;
  }
}

const [control, streaming, cors] = process.argv.slice(2);
await runService(
  {
    initialData: {plays: [['p1', [{team: 'red', points: 3}]]]},
    resources: {scores: Scores},
    createGraph: (inputs) => ({scores: inputs.plays.map(PointsPerTeam).reduce(Sum)}),
  },
  {control_port: Number(control), streaming_port: Number(streaming), no_cors: cors === 'cors'},
);
