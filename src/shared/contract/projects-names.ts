/** The projects feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const projectsCallNames = [
  'listRecentProjects',
  'describeFolder',
  'completeFolder',
  'setProjectWorktrees',
] as const;

export type ProjectsCallName = (typeof projectsCallNames)[number];
