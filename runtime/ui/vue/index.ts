/** `sdk/vue`: what pages, layouts and their components use to navigate, read the page and post forms. */
export { Link, type LinkProps } from "./link.js";
export { Form, useForm, type FormSlotProps, type FormState } from "./form.js";
export { useFrontmatter, usePage, useParams, useRouter, type PageInfo } from "./composables.js";
export type { AppPath, ExternalUrl, Href, PageRoute, ParamsOf, Register, Router } from "../../pages/app-paths.js";
