// The machines of data/machines.json, typed, for the calc tests (which never read data/).
#pragma once

#include "model/model.h"

namespace gg::calc_test {

inline Machine Desktop() {
  Machine m;
  m.id = "desktop";
  m.circuits = {{"North America", 120, 15, 1, 0.8}, {"Europe", 230, 16, 1, 0.8}};
  m.psu_sizes_w = {550, 650, 750, 850, 1000, 1200, 1300, 1600};
  m.psu_load_fraction = 0.8;
  m.psu_efficiency = 0.9;
  m.psu_connectors = {{"12V-2x6", 1}, {"8-pin", 6}, {"8-pin EPS", 0}};
  m.expansion_slots = 7;
  m.max_gpus = 2;
  m.form_factors = {"pcie"};
  m.host_w = 250;
  return m;
}

inline Machine Workstation() {
  Machine m = Desktop();
  m.id = "workstation";
  m.circuits = {{"North America", 120, 20, 1, 0.8}, {"Europe", 230, 16, 1, 0.8}};
  m.psu_sizes_w = {1000, 1300, 1600, 2200};
  m.psu_efficiency = 0.92;
  m.psu_connectors = {{"12V-2x6", 2}, {"8-pin", 8}, {"8-pin EPS", 0}};
  m.expansion_slots = 8;
  m.max_gpus = 4;
  m.host_w = 450;
  return m;
}

inline Machine ServerPcie4() {
  Machine m;
  m.id = "server-pcie-4";
  m.circuits = {{"data centre", 415, 32, 3, 0.8}};
  m.psu_sizes_w = {2000, 4000};
  m.psu_load_fraction = 1;
  m.psu_efficiency = 0.94;
  m.psu_connectors = {{"12V-2x6", 4}, {"8-pin", 8}, {"8-pin EPS", 4}};
  m.expansion_slots = 8;
  m.max_gpus = 4;
  m.form_factors = {"pcie"};
  m.host_w = 1000;
  return m;
}

inline Machine ServerHgx8() {
  Machine m = ServerPcie4();
  m.id = "server-hgx-8";
  m.psu_sizes_w = {6600, 13200, 16500, 19800};
  m.psu_connectors = {};
  m.expansion_slots = 0;
  m.max_gpus = 8;
  m.form_factors = {"sxm", "oam"};
  m.host_w = 4600;
  return m;
}

// The calc fixture's cards as PCIe cards of two slots (the H100 SXM as a module), in the four
// machines above.
inline Dataset WithMachines(Dataset d) {
  for (Gpu& g : d.gpus) {
    g.form_factor = g.id == "h100-sxm" ? "sxm" : "pcie";
    g.slots = g.form_factor == "pcie" ? 2 : 0;
  }
  d.machines = {Desktop(), Workstation(), ServerPcie4(), ServerHgx8()};
  return d;
}

}  // namespace gg::calc_test
