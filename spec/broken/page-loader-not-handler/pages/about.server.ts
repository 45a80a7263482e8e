export const loader = async () => ({ team: [] });
