/** A run id: the values a run invents and its callback URLs carry it (sut/run-mark.ts). */
export const newRunId = (): string => `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
