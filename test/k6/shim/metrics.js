import { addMetric } from './state.js';

// k6/metrics: every value added is kept, so the runner can judge thresholds the way k6 does.
class Metric {
  /** @param {string} name @param {string} type */
  constructor(name, type) {
    this.name = name;
    this.type = type;
  }
  /** @param {number | boolean} value */
  add(value) {
    addMetric(this.name, this.type, Number(value));
  }
}

export class Counter extends Metric {
  /** @param {string} name */
  constructor(name) {
    super(name, 'counter');
  }
}
export class Rate extends Metric {
  /** @param {string} name */
  constructor(name) {
    super(name, 'rate');
  }
}
export class Trend extends Metric {
  /** @param {string} name */
  constructor(name) {
    super(name, 'trend');
  }
}
export class Gauge extends Metric {
  /** @param {string} name */
  constructor(name) {
    super(name, 'gauge');
  }
}
export default { Counter, Rate, Trend, Gauge };
