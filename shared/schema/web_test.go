package schema

import "testing"

func TestInlineWebConfig_PutsTheEscapedJSONBeforeTheHeadsEnd(t *testing.T) {
	t.Parallel()
	index := []byte("<!doctype html><html><head><title>Zuum</title></head><body></body></html>")
	got, err := InlineWebConfig(index, []byte("{\n  \"apiEndpoint\": \"/api\",\n  \"region\": \"us-east-1\", \"x\": \"</script><b>&\"\n}"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<!doctype html><html><head><title>Zuum</title><script id="zuum-config" type="application/json">` +
		`{"apiEndpoint":"/api","region":"us-east-1","x":"\u003c/script\u003e\u003cb\u003e\u0026"}</script></head><body></body></html>`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := InlineWebConfig([]byte("<html></html>"), []byte(`{}`)); err == nil {
		t.Error("an index.html without </head> is accepted")
	}
	if _, err := InlineWebConfig(index, []byte(`{"a":`)); err == nil {
		t.Error("a configuration that is not JSON is accepted")
	}
}
