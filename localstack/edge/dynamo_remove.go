package edge

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/truora/minidyn/server"
)

// minidyn (v0.8.2) ignores REMOVE of a top-level attribute: its interpreter deletes the name from
// its environment, and writing the environment back to the item only ever sets attributes, so
// the item keeps it. It also runs an update's clauses in order against the item as they change
// it, so "REMOVE y SET x = y" stores NULL in x where DynamoDB, which reads every operand from the
// item before the update, copies y. And it accepts REMOVE paths that overlap ("REMOVE a, a",
// "REMOVE m.k, m"), which DynamoDB refuses.
//
// So the edge takes the REMOVE clause out of the expression it gives minidyn and applies it
// itself, after the other clauses, to the item they left: every path (a name, a #name, a map key
// m.k, a list element l[1], nested) resolved against that item, list elements by their index
// before the removal, as DynamoDB does. The item is then written back whole, under the same
// exclusive lock and undo as the rest of the write.

// docPath is a document path: attribute and map key names (strings) and list indexes (ints).
type docPath []any

func (p docPath) String() string {
	parts := make([]string, len(p))
	for i, e := range p {
		if n, ok := e.(int); ok {
			parts[i] = "[" + strconv.Itoa(n) + "]"
		} else {
			parts[i] = e.(string)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// removal is an update expression's REMOVE clause, split from the rest.
type removal struct {
	rest  string            // the expression without its REMOVE clause, for minidyn; may be empty
	names map[string]string // the ExpressionAttributeNames rest and the condition use
	paths []docPath
	set   []docPath // the paths the SET, ADD and DELETE clauses write
}

// exprToken is one token of an update expression.
type exprToken struct {
	text       string
	start, end int
}

// tokenize splits an update expression into names, #names, :values, numbers and punctuation.
func tokenize(expr string) []exprToken {
	var toks []exprToken
	isWord := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case isWord(c) || c == '#' || c == ':':
			j := i + 1
			for j < len(expr) && isWord(expr[j]) {
				j++
			}
			toks = append(toks, exprToken{expr[i:j], i, j})
			i = j
		default:
			toks = append(toks, exprToken{expr[i : i+1], i, i + 1})
			i++
		}
	}
	return toks
}

// clause is one SET, REMOVE, ADD or DELETE section of an update expression.
type clause struct {
	keyword    string // upper case
	body       []exprToken
	start, end int // bytes of the expression the clause spans, keyword included
}

var updateKeywords = map[string]bool{"SET": true, "REMOVE": true, "ADD": true, "DELETE": true}

// splitClauses cuts an update expression at its clause keywords (all reserved words, so a bare
// word equal to one is always a keyword).
func splitClauses(expr string, toks []exprToken) []clause {
	var out []clause
	for _, t := range toks {
		if kw := strings.ToUpper(t.text); updateKeywords[kw] {
			if len(out) > 0 {
				out[len(out)-1].end = t.start
			}
			out = append(out, clause{keyword: kw, start: t.start})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].body = append(out[len(out)-1].body, t)
		}
	}
	if len(out) > 0 {
		out[len(out)-1].end = len(expr)
	}
	return out
}

func updateError(format string, args ...any) error {
	return &awsError{http.StatusBadRequest, "ValidationException", "Invalid UpdateExpression: " + fmt.Sprintf(format, args...)}
}

// parsePath reads a document path at the start of toks and returns it with the tokens it used.
func parsePath(toks []exprToken, names map[string]string) (docPath, int, error) {
	var p docPath
	i := 0
	element := func() error {
		if i >= len(toks) {
			return updateError("Syntax error; token: <EOF>")
		}
		t := toks[i].text
		switch {
		case strings.HasPrefix(t, "#"):
			name, ok := names[t]
			if !ok {
				return updateError("An expression attribute name used in the document path is not defined; attribute name: %s", t)
			}
			p = append(p, name)
		case t[0] == '_' || t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z':
			p = append(p, t)
		default:
			return updateError("Syntax error; token: %q", t)
		}
		i++
		return nil
	}
	if err := element(); err != nil {
		return nil, 0, err
	}
	for i < len(toks) {
		switch toks[i].text {
		case ".":
			i++
			if err := element(); err != nil {
				return nil, 0, err
			}
		case "[":
			if i+2 >= len(toks) || toks[i+2].text != "]" {
				return nil, 0, updateError("Syntax error; token: %q", toks[i].text)
			}
			n, err := strconv.Atoi(toks[i+1].text)
			if err != nil || n < 0 {
				return nil, 0, updateError("Syntax error; token: %q", toks[i+1].text)
			}
			p = append(p, n)
			i += 3
		default:
			return p, i, nil
		}
	}
	return p, i, nil
}

// actionTargets returns the paths a SET, ADD or DELETE clause writes: what starts each of its
// comma-separated actions. A target that does not parse is left out; minidyn reports it.
func actionTargets(body []exprToken, names map[string]string) []docPath {
	var out []docPath
	depth, start := 0, 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) {
			switch body[i].text {
			case "(":
				depth++
				continue
			case ")":
				depth--
				continue
			case ",":
				if depth != 0 {
					continue
				}
			default:
				continue
			}
		}
		if p, _, err := parsePath(body[start:i], names); err == nil {
			out = append(out, p)
		}
		start = i + 1
	}
	return out
}

// planRemoval splits expr's REMOVE clause from the rest (nil when there is none) and refuses, as
// DynamoDB does, a clause that does not parse, a second REMOVE clause, a name that is not
// defined, names or values no expression uses, a key attribute and paths that overlap.
func planRemoval(expr string, names map[string]string, values item, cond string, keys []string) (*removal, error) {
	toks := tokenize(expr)
	clauses := splitClauses(expr, toks)
	var rm *clause
	for i := range clauses {
		if clauses[i].keyword != "REMOVE" {
			continue
		}
		if rm != nil {
			return nil, updateError(`The "REMOVE" section can only be used once in an update expression;`)
		}
		rm = &clauses[i]
	}
	if rm == nil {
		return nil, nil
	}
	r := &removal{rest: strings.TrimSpace(expr[:rm.start] + " " + expr[rm.end:])}
	body := rm.body
	for {
		p, n, err := parsePath(body, names)
		if err != nil {
			return nil, err
		}
		r.paths = append(r.paths, p)
		body = body[n:]
		if len(body) == 0 {
			break
		}
		if body[0].text != "," {
			return nil, updateError("Syntax error; token: %q", body[0].text)
		}
		body = body[1:]
	}
	if err := checkUsed(names, values, expr+" "+cond); err != nil {
		return nil, err
	}
	for _, p := range r.paths {
		if slices.Contains(keys, p[0].(string)) {
			return nil, &awsError{http.StatusBadRequest, "ValidationException", fmt.Sprintf(
				"One or more parameter values were invalid: Cannot update attribute %s. This attribute is part of the key", p[0])}
		}
	}
	for _, c := range clauses {
		if c.keyword != "REMOVE" {
			r.set = append(r.set, actionTargets(c.body, names)...)
		}
	}
	targets := append(slices.Clone(r.paths), r.set...)
	for i, p := range r.paths {
		for _, q := range targets[i+1:] {
			if err := overlap(p, q); err != nil {
				return nil, err
			}
		}
	}
	if len(names) > 0 {
		r.names = map[string]string{}
		for k, v := range names {
			if strings.Contains(r.rest, k) || strings.Contains(cond, k) {
				r.names[k] = v
			}
		}
	}
	return r, nil
}

// checkUsed refuses ExpressionAttributeNames and ExpressionAttributeValues that no expression
// uses, with minidyn's words (minidyn checks the expression the edge gives it, which lacks the
// REMOVE clause).
func checkUsed(names map[string]string, values item, exprs string) error {
	var unusedNames, unusedValues []string
	for k := range names {
		if !strings.Contains(exprs, k) {
			unusedNames = append(unusedNames, k)
		}
	}
	for k := range values {
		if !strings.Contains(exprs, k) {
			unusedValues = append(unusedValues, k)
		}
	}
	sort.Strings(unusedNames)
	sort.Strings(unusedValues)
	switch {
	case len(unusedNames) > 0:
		return &awsError{http.StatusBadRequest, "ValidationException",
			"Value provided in ExpressionAttributeNames unused in expressions: keys: {" + strings.Join(unusedNames, ", ") + "}"}
	case len(unusedValues) > 0:
		return &awsError{http.StatusBadRequest, "ValidationException",
			"Value provided in ExpressionAttributeValues unused in expressions: keys: {" + strings.Join(unusedValues, ", ") + "}"}
	}
	return nil
}

// overlap refuses two paths of one update that name the same attribute, one inside the other,
// or the same attribute as a map and as a list.
func overlap(p, q docPath) error {
	for i := 0; i < len(p) && i < len(q); i++ {
		if p[i] == q[i] {
			continue
		}
		_, pIndex := p[i].(int)
		_, qIndex := q[i].(int)
		if i > 0 && pIndex != qIndex {
			return updateError("Two document paths conflict with each other; must remove or rewrite one of these paths; path one: %s, path two: %s", p, q)
		}
		return nil
	}
	return updateError("Two document paths overlap with each other; must remove or rewrite one of these paths; path one: %s, path two: %s", p, q)
}

var errInvalidPath = &awsError{http.StatusBadRequest, "ValidationException",
	"The document path provided in the update expression is invalid for update"}

// apply removes r's paths from it. List elements are removed by their index in it as given, so
// "REMOVE l[0], l[1]" removes the first two; an index past a list's end removes nothing, and so
// does a missing map key. A path through something that is not there, or not a map or list
// where the path says so, is refused, as DynamoDB does.
func (r *removal) apply(it item) error {
	lists := map[*server.AttributeValue][]int{}
	for _, p := range r.paths {
		name := p[0].(string)
		if len(p) == 1 {
			delete(it, name)
			continue
		}
		v := it[name]
		for _, e := range p[1 : len(p)-1] {
			if v == nil {
				return errInvalidPath
			}
			switch e := e.(type) {
			case string:
				if v.M == nil {
					return errInvalidPath
				}
				v = v.M[e]
			case int:
				if v.L == nil || e >= len(v.L) {
					return errInvalidPath
				}
				v = v.L[e]
			}
		}
		if v == nil {
			return errInvalidPath
		}
		switch last := p[len(p)-1].(type) {
		case string:
			if v.M == nil {
				return errInvalidPath
			}
			delete(v.M, last)
		case int:
			if v.L == nil {
				return errInvalidPath
			}
			lists[v] = append(lists[v], last)
		}
	}
	for v, gone := range lists {
		kept := make([]*server.AttributeValue, 0, len(v.L))
		for i, e := range v.L {
			if !slices.Contains(gone, i) {
				kept = append(kept, e)
			}
		}
		v.L = kept
	}
	return nil
}

// keyNames are the names of table's key attributes (none when the table is unknown).
func (d *dynamo) keyNames(table string) []string {
	def := d.tables[table]
	if def == nil {
		return nil
	}
	var names []string
	for _, k := range def.Definition.KeySchema {
		names = append(names, deref(k.AttributeName))
	}
	return names
}

// planUpdate is planRemoval for an UpdateItem input.
func (d *dynamo) planUpdate(in *server.UpdateItemInput) (*removal, error) {
	return planRemoval(deref(in.UpdateExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues,
		deref(in.ConditionExpression), d.keyNames(deref(in.TableName)))
}

// updateIn runs an UpdateItem in place with its REMOVE clause r (nil: none) applied by the edge:
// minidyn checks the condition and runs the other clauses (when there are none, a conditional
// delete checks the condition), then the edge removes r's paths and writes the item back,
// deleting it first. The caller holds d.mu exclusively and undoes the item if this fails; update
// (see dynamo_index.go) keeps a table with indexes from seeing it.
func (d *dynamo) updateIn(ctx context.Context, in *server.UpdateItemInput, r *removal) error {
	if r == nil {
		_, err := d.client.UpdateItem(ctx, in)
		return err
	}
	key := &server.GetItemInput{TableName: in.TableName, Key: in.Key}
	if r.rest != "" {
		rest := *in
		rest.UpdateExpression, rest.ExpressionAttributeNames = &r.rest, r.names
		rest.ReturnValues = ""
		if _, err := d.client.UpdateItem(ctx, &rest); err != nil {
			return err
		}
	}
	got, err := d.client.GetItem(ctx, key)
	if err != nil {
		return err
	}
	it := got.Item
	if len(it) == 0 {
		it = in.Key
	}
	if it, err = cloneItem(it); err != nil {
		return err
	}
	if r.rest == "" {
		if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: in.TableName, Key: in.Key,
			ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: r.names,
			ExpressionAttributeValues: in.ExpressionAttributeValues}); err != nil {
			return err
		}
	} else if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: in.TableName, Key: in.Key}); err != nil {
		return err
	}
	if err := r.apply(it); err != nil {
		return err
	}
	_, err = d.client.PutItem(ctx, &server.PutItemInput{TableName: in.TableName, Item: it})
	return err
}

// updatedOld is ReturnValues UPDATED_OLD of an update with a REMOVE clause: what every path the
// update names held before it, each in its place in the item (as a ProjectionExpression of those
// paths answers), not the whole top-level attribute.
func (r *removal) updatedOld(before item) (item, error) {
	return project(before, append(slices.Clone(r.paths), r.set...))
}

// updatedNew is ReturnValues UPDATED_NEW of an update with a REMOVE clause: what the SET, ADD and
// DELETE paths hold after it. A removed path holds nothing new, so a REMOVE alone answers none.
func (r *removal) updatedNew(after item) (item, error) {
	return project(after, r.set)
}

// projection is the part of an item some paths select: a value the path ends at, or the maps and
// lists on the way to such values.
type projection struct {
	value *server.AttributeValue
	keys  map[string]*projection
	elems map[int]*projection
}

// project copies from it what paths select, keeping the maps and lists around each value: a list
// keeps the selected elements only, in their order. Paths that select nothing are left out.
func project(it item, paths []docPath) (item, error) {
	root := &projection{keys: map[string]*projection{}}
	for _, p := range paths {
		v := it[p[0].(string)]
		for _, e := range p[1:] {
			switch e := e.(type) {
			case string:
				if v != nil && v.M != nil {
					v = v.M[e]
				} else {
					v = nil
				}
			case int:
				if v != nil && v.L != nil && e < len(v.L) {
					v = v.L[e]
				} else {
					v = nil
				}
			}
		}
		if v == nil {
			continue
		}
		at := root
		for i, e := range p {
			next := &projection{}
			switch e := e.(type) {
			case string:
				if at.keys == nil {
					at.keys = map[string]*projection{}
				}
				if at.keys[e] == nil {
					at.keys[e] = next
				}
				next = at.keys[e]
			case int:
				if at.elems == nil {
					at.elems = map[int]*projection{}
				}
				if at.elems[e] == nil {
					at.elems[e] = next
				}
				next = at.elems[e]
			}
			if i == len(p)-1 {
				next.value = v
			}
			at = next
		}
	}
	out := item{}
	for name, pr := range root.keys {
		out[name] = pr.build()
	}
	return cloneItem(out)
}

func (pr *projection) build() *server.AttributeValue {
	switch {
	case pr.value != nil:
		return pr.value
	case pr.elems != nil:
		idx := slices.Sorted(maps.Keys(pr.elems))
		l := make([]*server.AttributeValue, len(idx))
		for i, n := range idx {
			l[i] = pr.elems[n].build()
		}
		return &server.AttributeValue{L: l}
	default:
		m := make(map[string]*server.AttributeValue, len(pr.keys))
		for k, c := range pr.keys {
			m[k] = c.build()
		}
		return &server.AttributeValue{M: m}
	}
}
