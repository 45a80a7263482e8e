/** `sdk/svelte`: what pages, layouts and their components import to navigate, read the page and post forms. */
export { Form, type FormProps } from "./form-component.js";
export { Link, type LinkProps } from "./link.js";
export { useForm, type FormState } from "./form.svelte.js";
export { useFrontmatter, usePage, useParams, useRouter, type PageInfo } from "./hooks.js";
export type { AppPath, ExternalUrl, Href, PageRoute, ParamsOf, Register, Router } from "../../pages/app-paths.js";
