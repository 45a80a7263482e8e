import { defineDurableState } from "sdk";

export default defineDurableState({ initial: () => 0, methods: { read: (ctx) => ctx.state } });
