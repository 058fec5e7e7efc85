/** The code editor panel is 500 px high. */
export const EDITOR_HEIGHT_PX = 500;
