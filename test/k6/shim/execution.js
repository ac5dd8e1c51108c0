// k6/execution: the runner sets the numbers before each iteration.
export const scenario = { name: 'load', iterationInTest: 0, iterationInInstance: 0, executor: 'shim', startTime: 0, progress: 0 };
export const vu = { idInTest: 1, idInInstance: 1, iterationInInstance: 0, iterationInScenario: 0 };
export const instance = { iterationsCompleted: 0, iterationsInterrupted: 0, vusActive: 1, vusInitialized: 1, currentTestRunDuration: 0 };
export default { scenario, vu, instance };
