// Command promlint checks a metrics page in Prometheus' text format (0.0.4) the way Prometheus
// itself would read it: the page comes on standard input, is parsed by Prometheus' own text
// parser (github.com/prometheus/common/expfmt) and linted by client_golang's promlint, the
// checks behind `promtool check metrics`.
//
// Output: one line `metric: problem` on standard output for each lint problem.
// Exit status: 0 clean, 1 lint problems, 2 the page does not parse (or holds no metric at all).
//
// mqbench's JUnit test PromlintTest pipes a live worker's /metrics page through it; bin/test
// builds it into target/promlint.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/prometheus/client_golang/prometheus/testutil/promlint"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

const (
	exitClean    = 0
	exitProblems = 1
	exitUnparsed = 2
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr))
}

func run(in io.Reader, out, errOut io.Writer) int {
	// Legacy names ([a-zA-Z_:][a-zA-Z0-9_:]*), not UTF-8 ones: a text/plain page scraped without
	// "escaping=allow-utf-8" is read under this scheme (expfmt.NewDecoder picks it for such a
	// format, and promlint.New uses that decoder), and it is the stricter of the two.
	parser := expfmt.NewTextParser(model.LegacyValidation)
	families, err := parser.TextToMetricFamilies(in)
	if err != nil {
		fmt.Fprintf(errOut, "promlint: the page does not parse: %v\n", err)
		return exitUnparsed
	}
	// An empty page parses, and would pass every lint: a scrape that returned nothing must not
	// look like a clean one.
	if len(families) == 0 {
		fmt.Fprintln(errOut, "promlint: the page holds no metric family")
		return exitUnparsed
	}
	problems, err := promlint.NewWithMetricFamilies(sorted(families)).Lint()
	if err != nil { // only reading a stream can fail, and families are given here; kept for safety
		fmt.Fprintf(errOut, "promlint: %v\n", err)
		return exitUnparsed
	}
	w := bufio.NewWriter(out)
	for _, p := range problems {
		fmt.Fprintf(w, "%s: %s\n", p.Metric, p.Text)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errOut, "promlint: %v\n", err)
		return exitUnparsed
	}
	if len(problems) > 0 {
		return exitProblems
	}
	return exitClean
}

// sorted gives the families in name order, so the output does not depend on map order (Lint
// sorts its problems too, stably, so equal ones keep this order).
func sorted(families map[string]*dto.MetricFamily) []*dto.MetricFamily {
	names := make([]string, 0, len(families))
	for name := range families {
		names = append(names, name)
	}
	sort.Strings(names)
	list := make([]*dto.MetricFamily, 0, len(names))
	for _, name := range names {
		list = append(list, families[name])
	}
	return list
}
