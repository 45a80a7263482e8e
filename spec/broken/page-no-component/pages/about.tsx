export const title = "About";
