export const fmt = (n: number) => n.toLocaleString('en-US');
export const investors = (n: number) => `${fmt(n)} ${n === 1 ? 'investor' : 'investors'}`;
