/** Next.js defaults (pages router). */
export default {};
