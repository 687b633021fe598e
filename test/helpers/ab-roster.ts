// A row of the Legislative Assembly of Alberta's members roster (members-of-the-legislative-assembly),
// hand-written in the layout abMembersImporter reads: photo (its `alt` the member's name on the live
// page), the label linking `member-information?mid=…&legl=…`, caucus, constituency.
export function abRosterRow(
  mid: string,
  label: string,
  caucus: string,
  riding: string,
  { alt = '', after = '' }: { alt?: string; after?: string } = {},
): string {
  return `<tr>
<td>
<img class="MemPhoto" src="/images/default-source/members/mla-photos/ph-mla${mid}.jpg" alt="${alt}"></td>
<td>
<a href="/members/members-of-the-legislative-assembly/member-information?mid=${mid}&legl=31&from=mla_home">${label} </a>${after}</td>
<td>
${caucus}</td>
<td>
${riding}</td>
</tr>
`;
}
