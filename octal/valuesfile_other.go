//go:build !unix

package octal

import (
	"errors"
	"time"
)

// Without a Unix system there are no mapped values files: a table with a
// ValuesDir says so when it grows.

type valuesFile struct {
	width, saved int
	last         time.Time
}

var (
	errNoValuesFiles = errors.New("values files (--values-dir) need a Unix system")
	errValuesInUse   = errors.New("the values file is in use")
)

func openValues(string, Code) (*valuesFile, error)   { return nil, errNoValuesFiles }
func (v *valuesFile) ensure(int) ([]byte, error)     { return nil, errNoValuesFiles }
func (v *valuesFile) sync(int) error                 { return errNoValuesFiles }
func (v *valuesFile) widen(int) (*valuesFile, error) { return nil, errNoValuesFiles }
func (v *valuesFile) due() bool                      { return false }
func (v *valuesFile) path() string                   { return "" }
func (v *valuesFile) remove()                        {}
func (v *valuesFile) close()                         {}
