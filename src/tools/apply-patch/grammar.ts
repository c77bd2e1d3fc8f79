/** The apply_patch Lark grammar; grammar.lark is the source, a test keeps both identical. */
export const APPLY_PATCH_GRAMMAR = `start: begin_marker file_op+ end_marker

begin_marker: "*** Begin Patch" NL
end_marker: "*** End Patch" NL?

file_op: add_file | delete_file | update_file

add_file: "*** Add File: " LINE_TEXT NL added_line*
added_line: "+" LINE_TEXT? NL

delete_file: "*** Delete File: " LINE_TEXT NL

update_file: "*** Update File: " LINE_TEXT NL move_to? hunk+
move_to: "*** Move to: " LINE_TEXT NL
hunk: hunk_header* hunk_line+ end_of_file?
hunk_header: "@@" (" " LINE_TEXT)? NL
hunk_line: (" " | "+" | "-") LINE_TEXT? NL
end_of_file: "*** End of File" NL

LINE_TEXT: /[^\\r\\n]+/
NL: /\\r?\\n/
`;
