/** `sdk/solid`: what pages, layouts and their components import to navigate, read the page and post forms. */
export { Link, type LinkProps } from "./link.js";
export { Form, useForm, type FormProps, type FormState } from "./form.js";
export { useFrontmatter, usePage, useParams, useRouter, type PageInfo } from "./hooks.js";
export type { AppPath, ExternalUrl, Href, PageRoute, ParamsOf, Register, Router } from "../../pages/app-paths.js";
